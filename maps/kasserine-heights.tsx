<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="kasserine-heights" tilewidth="64" tileheight="56" tilecount="3" columns="3">
 <image source="kasserine-heights.png" width="192" height="56" />
 <tile id="0" type="height">
  <properties>
   <property name="height" value="0" type="int" />
  </properties>
 </tile>
 <tile id="1" type="height">
  <properties>
   <property name="height" value="1" type="int" />
  </properties>
 </tile>
 <tile id="2" type="height">
  <properties>
   <property name="height" value="2" type="int" />
  </properties>
 </tile>
</tileset>
