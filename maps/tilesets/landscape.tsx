<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="landscape" tilewidth="32" tileheight="32" tilecount="72" columns="8">
 <image source="landscape.png" width="256" height="288"/>
  <tile id="0" type="grass"/>
  <tile id="1" type="grass"/>
  <tile id="2" type="grass with flowers"/>
  <tile id="3" type="meadow"/>
  <tile id="4" type="pasture with cows"/>
  <tile id="5" type="pasture"/>
  <tile id="6" type="ploughed field"/>
  <tile id="7" type="ploughed field"/>
  <tile id="8" type="wheat"/>
  <tile id="9" type="wheat"/>
  <tile id="10" type="green crop"/>
  <tile id="11" type="green crop"/>
  <tile id="12" type="rapeseed"/>
  <tile id="13" type="rapeseed"/>
  <tile id="14" type="barley"/>
  <tile id="15" type="barley"/>
  <tile id="16" type="paving"/>
  <tile id="17" type="paving"/>
  <tile id="18" type="garden"/>
  <tile id="19" type="garden hedge"/>
  <tile id="20" type="street"/>
  <tile id="21" type="yard"/>
  <tile id="22" type="rock"/>
  <tile id="23" type="orchard"/>
  <tile id="24" type="house"/>
  <tile id="25" type="house"/>
  <tile id="26" type="house"/>
  <tile id="27" type="house"/>
  <tile id="28" type="church"/>
  <tile id="29" type="town block"/>
  <tile id="30" type="tree"/>
  <tile id="31" type="bushes"/>
  <tile id="68" type="house"/>
  <tile id="69" type="town block"/>
  <tile id="70" type="haystacks"/>
  <tile id="71" type="grass"/>
</tileset>
